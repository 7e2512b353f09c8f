import type { InputHTMLAttributes } from 'react';

/** `data-testid` for an MUI input slot: data-* attributes reach the DOM but are absent from MUI's slot prop types. */
export function inputTestId(testId: string): InputHTMLAttributes<HTMLInputElement> {
  return { 'data-testid': testId } as InputHTMLAttributes<HTMLInputElement>;
}
