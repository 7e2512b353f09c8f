import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './fieldErrors';

/**
 * Form values plus their validation errors (translation keys). Editing a field clears its error;
 * `validate(schema)` shows every failing field of that schema and tells whether the values pass.
 */
export function useValidatedForm<Values extends object>(initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = useCallback(<Field extends keyof Values>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as string]: _cleared, ...others }) => others);
  }, []);

  const validate = useCallback(
    (schema: z.ZodType) => {
      const invalid = fieldErrors(schema, values);
      setErrors(invalid);
      return Object.keys(invalid).length === 0;
    },
    [values],
  );

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  return { values, errors, set, setErrors, validate, reset };
}
