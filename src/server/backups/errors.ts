/** A backup or restore refused or failed, with a message for the operator (and the owners' alert). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The file system's errors as the operator reads them: what could not be done where, and what to do. */
export function fileProblem(err: unknown, path: string, doing: 'read' | 'write'): BackupError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const reason = err instanceof Error ? err.message : String(err);
  const what = doing === 'write' ? 'Cannot write' : 'Cannot read';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new BackupError(`${what} ${path}: the disk is full. Nothing was left half-written; free some space.`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new BackupError(`${what} ${path}: permission denied. Choose a folder this user may ${doing}.`);
    case 'ENOENT':
      return new BackupError(
        doing === 'write' ? `Cannot write ${path}: its folder does not exist.` : `Cannot read ${path}: no such file.`,
      );
    case 'EISDIR':
      return new BackupError(`${what} ${path}: it is a folder; give a file name.`);
    default:
      return new BackupError(`${what} ${path}: ${reason}`);
  }
}
