import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { serverFieldErrors, zodValidate } from './forms';

/**
 * The errors of one wizard step: the whole body is checked against the contract schema (so the
 * messages are the server's), and only the errors of `fields` (the step's fields) are kept. An
 * error on a nested path ('hospitalIds.0') is reported on its step field ('hospitalIds').
 */
export function stepErrors<T>(schema: z.ZodType<unknown, T>, body: T, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(zodValidate(schema)(body))) {
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field && !(field in out)) { out[field] = text; }
  }
  return out;
}

/** The step (index) that holds `field` among `steps` (field names per step, nested paths by their head); -1 when none does. */
export function stepOfFieldIn(steps: readonly (readonly string[])[], field: string): number {
  return steps.findIndex((fields) => fields.some((f) => field === f || field.startsWith(`${f}.`)));
}

export interface WizardOptions<V> {
  /** The wizard's @mantine/form form (its errors are set by the steps' checks and the server's answer). */
  form: UseFormReturnType<V>;
  /** How many input steps come before the review step (the review step's index is `steps`). */
  steps: number;
  /** The errors of step `index` for `values` (in the UI language; empty when the step may be left). */
  validateStep: (index: number, values: V) => Record<string, string>;
  /** The step that holds a field the server named in a 400 (-1 when no step does). */
  stepOfField: (field: string) => number;
  /** Steps up to this index are committed (already created on the server) and cannot be revisited; -1 none. */
  lockedThrough?: number;
  /** Runs when `next` leaves step `index` successfully (e.g. to carry a choice into the next step). */
  onNext?: (index: number, values: V) => void;
  /** When the server refuses without a field error (e.g. a 409): the step to show; it may also put the message on a field. */
  onRefusal?: (err: ApiError) => number | undefined;
  /** Message when an error is not an ApiError (a network failure). */
  fallbackMessage: string;
}

/**
 * The step / submit loop of every registration wizard (portal-spec.md "Screens and features":
 * device, hub, office, office admin, organization, medical team, patient and staff wizards):
 * - `next()` checks the current step and moves on only without errors; `back()`, `goTo(i)` go to an
 *   earlier step that is not locked;
 * - `submit(run, onDone)` checks every unlocked step again (a value may have changed after its step
 *   was left) and shows the first failing one; otherwise awaits `run(values)` and calls `onDone`;
 *   a refusal goes to `fail`;
 * - `fail(err)` puts the server's per-field messages on the form, shows the step of the first of
 *   them (or `onRefusal`), and keeps the server's message in `error` (shown above the steps);
 * - `reset()` empties the form and returns to the first step.
 * Wizards whose submit is several calls (staff, patient) use `validateAll` and `fail` around their own
 * sequence. `active` equal to `steps` is the review step; past it, a wizard's own "done" step.
 */
export function useWizard<V>(opts: WizardOptions<V>) {
  const { form, steps, validateStep, stepOfField, lockedThrough = -1 } = opts;
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const next = () => {
    const values = form.getValues();
    const errors = validateStep(active, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) { return; }
    opts.onNext?.(active, values);
    setActive((a) => a + 1);
  };

  const goTo = (index: number) => {
    if (index > lockedThrough && index < active) {
      form.clearErrors();
      setActive(index);
    }
  };

  const back = () => goTo(active - 1);

  /** Checks every unlocked input step; on the first with errors shows it and answers false. */
  const validateAll = (): boolean => {
    const values = form.getValues();
    for (let i = lockedThrough + 1; i < steps; i++) {
      const errors = validateStep(i, values);
      if (Object.keys(errors).length > 0) {
        form.setErrors(errors);
        setActive(i);
        return false;
      }
    }
    return true;
  };

  const fail = (err: unknown) => {
    const fields = serverFieldErrors(err);
    form.setErrors(fields);
    const owning = Object.keys(fields)
      .map(stepOfField)
      .filter((i) => i >= 0);
    if (owning.length > 0) { setActive(Math.max(lockedThrough + 1, Math.min(...owning))); }
    else if (err instanceof ApiError) {
      const step = opts.onRefusal?.(err);
      if (step !== undefined) { setActive(step); }
    }
    setError(err instanceof ApiError ? err.message : err instanceof Error && err.message ? err.message : opts.fallbackMessage);
  };

  const submit = async <R>(run: (values: V) => Promise<R>, onDone?: (result: R) => void): Promise<void> => {
    setError(null);
    if (!validateAll()) { return; }
    setPending(true);
    try {
      const result = await run(form.getValues());
      onDone?.(result);
    } catch (err) {
      fail(err);
    } finally {
      setPending(false);
    }
  };

  const reset = () => {
    form.reset();
    setActive(0);
    setError(null);
  };

  return { active, setActive, isReview: active === steps, next, back, goTo, validateAll, fail, submit, reset, error, setError, pending };
}

/** The step checks of a wizard whose steps are field lists of one contract body schema. */
export function schemaSteps<V, B>(schema: z.ZodType<unknown, B>, toBody: (values: V) => B, steps: readonly (readonly string[])[]) {
  return {
    steps: steps.length,
    validateStep: (index: number, values: V) => stepErrors(schema, toBody(values), steps[index] ?? []),
    stepOfField: (field: string) => stepOfFieldIn(steps, field),
  };
}
