/**
 * @module errors/mapped — what each service's code mapper answers: the catalogue code plus what a screen may
 * show. Its own module so the mappers and `to-lanes-error` (which calls them) do not import each other.
 */
import type { ErrorCode } from '@lanes/shared/errors';

/** What a mapper found: the catalogue code plus what a screen may show. */
export interface Mapped {
  code: ErrorCode;
  message?: string;
  field?: string;
  details?: Record<string, unknown>;
}
