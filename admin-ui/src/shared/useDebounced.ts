import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (search boxes: the spec's 300 ms). */
export const useDebounced = <T,>(value: T, delay: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};
