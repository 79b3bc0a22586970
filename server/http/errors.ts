import type { z } from 'zod';
import { ErrorCode, type ErrorBody, type ValidationIssue } from '../../shared/api/errors.js';

/** An error a handler throws to answer with the API's error body. */
export class ApiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiHttpError';
  }

  body(): ErrorBody {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

export const notFound = (what: string) =>
  new ApiHttpError(404, ErrorCode.NOT_FOUND, `${what} was not found.`);

/** A structurally wrong request (wrong types, missing fields): 400 VALIDATION_ERROR listing each problem. */
export function validationError(error: z.ZodError, where: string): ApiHttpError {
  const issues: ValidationIssue[] = error.issues.map((i) => {
    const target = i.path[0] === 'posts' && typeof i.path[1] === 'number' ? i.path[1] : null;
    const path = (target === null ? i.path : i.path.slice(2)).map(String).join('.');
    return { target, path, message: i.message };
  });
  const first = issues[0];
  const summary = first ? `${first.path || where}: ${first.message}` : 'invalid';
  return new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, `The ${where} is not valid (${summary}).`, issues);
}

/** Parses with a zod schema or throws VALIDATION_ERROR naming what was wrong. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, where);
  return parsed.data;
}
