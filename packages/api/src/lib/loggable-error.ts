/**
 * An error as it may be logged: a failed query's message carries its parameters (names, message
 * texts), so only the driver's own message and code are kept.
 */
export function loggableError(err: unknown): { name: string; code?: string; message: string } {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const message = e.cause?.message ?? String(e.message ?? err).split('\nparams:')[0]!.slice(0, 500);
  return { name: e.name ?? 'Error', code: e.cause?.code ?? e.code, message };
}
