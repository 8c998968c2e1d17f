import type { AppContext } from '../context';

/**
 * A value kept per application context, made by `create` on first use: the in-process caches and
 * batchers of the API hang off the context (each test app has its own database, so its own caches),
 * in a WeakMap that lets a closed context's values go.
 */
export function perContext<T>(create: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const values = new WeakMap<AppContext, T>();
  return (ctx) => {
    let value = values.get(ctx);
    if (value === undefined) {
      value = create(ctx);
      values.set(ctx, value);
    }
    return value;
  };
}
