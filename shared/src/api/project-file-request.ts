// The body of POST /v1/project-file/plan and /apply (Goalie extensions, docs/api.md): a project file's
// text, its name for messages, and the `${NAME}` values from where the client runs.
import { z } from 'zod';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A value longer than this is no setting; a private key in a variable is 4 KB. */
export const VARIABLE_VALUE_MAX = 64 * 1024;

export const projectFileRequestSchema = z.object({
  file: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]+$/u, { error: 'must be a file name without control characters' })
    .default('goalie.yaml')
    .meta({ description: "The file's name, used in messages only (default goalie.yaml)." }),
  text: z.string({ error: 'is required: the YAML text of the project file' }).meta({
    description: 'The project file as YAML, with ${NAME} and ${NAME:-default} as written.',
  }),
  variables: z
    .record(
      z.string().regex(VARIABLE_NAME, { error: 'must be a variable name such as SHOP_PASSWORD' }),
      z.string().max(VARIABLE_VALUE_MAX),
    )
    .default({})
    .meta({
      description:
        "Values for the file's ${NAME}s, from where the client runs; the server's own environment is never used.",
    }),
});

export type ProjectFileRequest = z.infer<typeof projectFileRequestSchema>;
