import type { Kysely } from 'kysely';

// Frozen once shipped. Addresses are compared in Unicode NFC since issue 14's review (normalizeEmail: trim, lower case,
// NFC; docs/decisions/016). An address stored before in another form (e.g. "josé" with a combining accent) would no
// longer be found at log-in or by "Forgot password?": rewrite it in NFC. Only non-ASCII addresses can differ. If the
// NFC form is already another account's address, both accounts are left as they are (the older form can still be
// reached by staff; two accounts must never be merged silently).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const rows: { id: number; email: string }[] = await db.selectFrom('users').select(['id', 'email']).execute();
  const taken = new Set(rows.map((r) => r.email));
  for (const row of rows) {
    const nfc = row.email.normalize('NFC');
    if (nfc === row.email || taken.has(nfc)) continue;
    await db.updateTable('users').set({ email: nfc }).where('id', '=', row.id).where('email', '=', row.email).execute();
    taken.delete(row.email);
    taken.add(nfc);
  }
}

/** Nothing to undo: NFC is the same address. */
export async function down(): Promise<void> {}
