import type { Db } from './connection';
import { ping } from './repository';

/**
 * The readiness check's question to the database (plugins/health.ts): resolves when it answers and is migrated, else
 * throws its error. The query itself is the database's own (./repository.ts): no other folder imports a repository
 * but its own (docs/decisions/038).
 */
export const pingDatabase = (db: Db): Promise<void> => ping(db);
