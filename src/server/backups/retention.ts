/**
 * Which scheduled backups are kept (BACKUP_KEEP, docs/decisions/042): rules such as `7d,4w` — the newest backup of each
 * of the last 7 days that have one, and of each of the last 4 weeks (ISO weeks, Monday to Sunday) — and a plain number
 * `3` for the 3 newest whatever their age. Days and weeks are UTC. A backup any rule keeps is kept; the newest always
 * is. Pure: the job lists its backups, asks this, and deletes the others.
 */

export interface KeepRule {
  unit: 'n' | 'd' | 'w' | 'm';
  count: number;
}

const RULE = /^(\d{1,4})([dwm]?)$/;

/** Reads BACKUP_KEEP; null when it is not a list of rules such as `7d,4w` (or `14`, `7d,4w,12m`). */
export function parseKeep(text: string): KeepRule[] | null {
  const rules: KeepRule[] = [];
  for (const part of text.split(',').map((p) => p.trim().toLowerCase())) {
    const match = RULE.exec(part);
    if (!match || Number(match[1]) < 1) return null;
    rules.push({ unit: (match[2] || 'n') as KeepRule['unit'], count: Number(match[1]) });
  }
  return rules.length ? rules : null;
}

/** The period a time falls in for a rule: its day, the Monday of its week, its month; each backup its own for `n`. */
function periodOf(at: Date, unit: KeepRule['unit'], index: number): string {
  const iso = at.toISOString();
  if (unit === 'd') return iso.slice(0, 10);
  if (unit === 'm') return iso.slice(0, 7);
  if (unit === 'w') {
    const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    return monday.toISOString().slice(0, 10);
  }
  return String(index);
}

/** The names to keep among `backups` (each with the time it was taken). */
export function backupsToKeep(
  backups: ReadonlyArray<{ name: string; at: Date }>,
  rules: readonly KeepRule[],
): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>(newestFirst.slice(0, 1).map((b) => b.name));
  for (const rule of rules) {
    const periods = new Set<string>();
    newestFirst.forEach((backup, index) => {
      const period = periodOf(backup.at, rule.unit, index);
      if (periods.has(period) || periods.size >= rule.count) return;
      periods.add(period);
      keep.add(backup.name);
    });
  }
  return keep;
}

/** A scheduled backup's name from its time, and back: `leafcup-2026-12-07T18-00-00Z.backup`. */
export const backupName = (at: Date) => `leafcup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup`;

const NAME = /^leafcup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.backup$/;

/** The time a scheduled backup's name carries; null for any other file (never deleted by the job). */
export function backupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}
