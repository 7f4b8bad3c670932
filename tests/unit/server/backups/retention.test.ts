import { backupName, backupsToKeep, backupTime, parseKeep } from '../../../../src/server/backups/retention';
import { loadConfig } from '../../../../src/server/config';

const named = (iso: string) => ({ name: backupName(new Date(iso)), at: new Date(iso) });

describe('BACKUP_KEEP', () => {
  it('reads days, weeks, months and plain counts; refuses anything else', () => {
    expect(parseKeep('7d,4w')).toEqual([
      { unit: 'd', count: 7 },
      { unit: 'w', count: 4 },
    ]);
    expect(parseKeep(' 14 ')).toEqual([{ unit: 'n', count: 14 }]);
    expect(parseKeep('7d, 4w, 12m')).toHaveLength(3);
    for (const bad of ['', '0d', '7x', 'd', '7d;4w', '-1']) expect(parseKeep(bad), bad).toBeNull();
  });

  it('is checked with the other settings, with a clear message', () => {
    expect(() => loadConfig({ BACKUP_KEEP: 'forever' })).toThrow(/BACKUP_KEEP must be rules such as 7d,4w/);
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_URL: 's3://bucket/x' })).toThrow(
      /BACKUP_URL: set BACKUP_DIR \(a folder\) or BACKUP_URL \(a bucket\), not both/,
    );
    expect(() => loadConfig({ BACKUP_URL: '/var/backups' })).toThrow(/BACKUP_URL must be s3:\/\/bucket/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '0' })).toThrow(/BACKUP_EVERY_HOURS must be at least 1/);
    expect(loadConfig({}).BACKUP_KEEP).toBe('7d,4w');
    expect(loadConfig({}).BACKUP_EVERY_HOURS).toBe(24);
  });

  it('keeps the newest of each of the last N days and weeks, and always the newest', () => {
    // Twice a day for 30 days (2026-11-01 is a Sunday).
    const backups = [];
    for (let day = 1; day <= 30; day++) {
      for (const hour of ['03', '15']) backups.push(named(`2026-11-${String(day).padStart(2, '0')}T${hour}:00:00Z`));
    }
    const kept = [...backupsToKeep(backups, parseKeep('7d,4w')!)].sort();
    expect(kept).toEqual([
      // 4 weeks (Mondays 11-30, 11-23, 11-16, 11-09): each week's newest…
      backupName(new Date('2026-11-15T15:00:00Z')),
      backupName(new Date('2026-11-22T15:00:00Z')),
      // …and 7 days' newest (11-24 … 11-30); 11-29 is also the week of 11-23's newest.
      ...[24, 25, 26, 27, 28, 29, 30].map((d) => backupName(new Date(`2026-11-${d}T15:00:00Z`))),
    ]);
    expect(backupsToKeep(backups, parseKeep('1')!)).toEqual(new Set([backupName(new Date('2026-11-30T15:00:00Z'))]));
  });

  it('names scheduled backups by their time, and knows no other file', () => {
    const at = new Date('2026-12-07T18:05:09.123Z');
    expect(backupName(at)).toBe('leafcup-2026-12-07T18-05-09Z.backup');
    expect(backupTime(backupName(at))).toEqual(new Date('2026-12-07T18:05:09Z'));
    for (const other of ['shop.backup', 'leafcup-2026-12-07.backup', 'leafcup-2026-13-40T99-00-00Z.backup']) {
      expect(backupTime(other), other).toBeNull();
    }
  });
});
