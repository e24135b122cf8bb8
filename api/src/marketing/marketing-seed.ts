import type { Db } from '../db/client';

export async function seedMarketing(_db: Db): Promise<void> {}
