import { z } from 'zod';

/*
 * What every slice of the IPC contract (shared/<feature>/ipc.ts) builds its methods from. The union
 * of the slices is shared/ipc/contract.ts.
 */

/** A method that takes no input. */
export const None = z.object({}).strict().optional();
/** The id of something main holds (a post, a draft, a profile…). */
export const Id = z.string().min(1).max(200);

/** One method of the contract: what it takes, what it answers, and the doc docs/ipc.md shows. */
export const m = <I extends z.ZodType, R extends z.ZodType>(input: I, result: R, doc: string) => ({
  input,
  result,
  doc,
});
