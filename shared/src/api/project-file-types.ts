// Wire types of the project-file routes (Goalie extensions), from the schemas the server validates
// requests with and describes answers with. Type-only: the client bundle does not load zod for them.
import type { z } from 'zod';
import type { projectFileRequestSchema } from './project-file-request.js';
import type * as responses from './project-file-responses.js';

export type ProjectFileRequestBody = z.input<typeof projectFileRequestSchema>;
export type ProjectFileAnswer = z.output<typeof responses.projectFileAnswerSchema>;
export type ProjectFileExport = z.output<typeof responses.projectFileExportSchema>;
