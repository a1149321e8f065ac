// A GOALIE_HOME's embedded PostgreSQL on disk.
import path from 'node:path';

/** Where the embedded PostgreSQL of GOALIE_HOME keeps its password file and (usually) its cluster. */
export const embeddedDatabaseDir = (home: string): string => path.join(home, 'postgres');
