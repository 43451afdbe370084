import { z } from 'zod/mini';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof HealthSchema>;
