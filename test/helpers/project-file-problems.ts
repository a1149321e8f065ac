// What loading a project file says is wrong with it ('' when nothing is).
import { loadProjectFile, ProjectFileError } from '../../shared/src/project-file/load.js';

export function fileProblems(text: string): string {
  try {
    loadProjectFile('shop.yaml', text, {});
  } catch (error) {
    if (error instanceof ProjectFileError) return error.message;
    throw error;
  }
  return '';
}
