import type { Db } from '../db/client';

export async function seedContent(_db: Db): Promise<void> {}
