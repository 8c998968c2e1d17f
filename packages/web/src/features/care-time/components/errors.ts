import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/forms';

export { ApiError };

/** Server field errors for the time forms: the server's `seconds` is the form's MM:SS `duration`. */
export function serverErrorsOf(err: unknown): Record<string, string> {
  const errors = { ...serverFieldErrors(err) };
  if (errors.seconds) {
    errors.duration = errors.seconds;
    delete errors.seconds;
  }
  return errors;
}
