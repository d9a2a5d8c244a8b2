import { useState } from 'react';
import { AjaxError } from './ajax';
import { showException } from './dialogs';

/**
 * A form's errors by field, and the mutation error handler that fills them: the server's field errors
 * go next to their fields; anything else is not the user's to fix in the form, so it is shown as an exception.
 */
export function useFieldErrors<Field extends string>() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  function failed(error: Error) {
    if (error instanceof AjaxError && error.fielderrors?.length) setErrors(Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])) as Partial<Record<Field, string>>);
    else void showException(error);
  }
  return { errors, setErrors, failed };
}
