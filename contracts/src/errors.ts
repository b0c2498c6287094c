import { z } from 'zod';

/** One failing field of a request, as the client sees it. */
export const FieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** Every non-2xx JSON answer of the API has this body. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  issues: z.array(FieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
