// `npm run files -- to-s3 | to-disk`: copies the uploaded files between the data dir (`<data dir>/files/`)
// and the S3 bucket that ODONTO_S3_* names, checking every copy against the sha256 in the files table
// (files/move-files.ts). Safe to run again; the source is left as it was. See README, "Files on
// S3-compatible storage".
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { Refusal } from '../features/backups/refusal';
import { createDiskBlobStore } from '../files/disk-blob-store';
import { moveFiles } from '../files/move-files';
import { createS3BlobStore } from '../files/s3-blob-store';
import { runTool } from './run-tool';

const USAGE =
  'Folosire: npm run files -- to-s3 | to-disk   (cu ODONTO_S3_BUCKET și celelalte ODONTO_S3_* setate)';

async function run(): Promise<{ text: string; code: number }> {
  const args = process.argv.slice(2);
  const direction = args[0];
  if (args.length !== 1 || (direction !== 'to-s3' && direction !== 'to-disk')) throw new Refusal(USAGE, 2);
  const config = loadConfig(process.env);
  if (!config.s3) throw new Refusal(`ODONTO_S3_BUCKET nu este setat. ${USAGE}`, 2);
  const disk = createDiskBlobStore(config.dataDir);
  const bucket = createS3BlobStore(config.s3);
  const [from, to] = direction === 'to-s3' ? [disk, bucket] : [bucket, disk];
  const database = await connectDatabase(config.database);
  try {
    console.log(`Copiez fișierele încărcate din ${from.location} în ${to.location}…`);
    const report = await moveFiles(database.db, from, to, (done) =>
      console.log(`  ${done} fișiere verificate`),
    );
    const lines = [
      `Copiate și verificate (SHA-256): ${report.copied}; erau deja în ${to.location}: ${report.present}.`,
    ];
    for (const row of report.missing)
      lines.push(`  Lipsește din ${from.location}: ${row.disk_name} (${row.name})`);
    for (const row of report.corrupt)
      lines.push(`  Suma SHA-256 nu corespunde, necopiat: ${row.disk_name} (${row.name})`);
    const failed = report.missing.length + report.corrupt.length;
    lines.push(
      failed === 0
        ? `Toate fișierele sunt în ${to.location}. ${from.location} nu a fost modificat; ștergeți-l doar după ce ` +
            `serverul pornește cu noua configurație.`
        : `${failed} fișiere nu au putut fi copiate (mai sus). ${from.location} nu a fost modificat.`,
    );
    return { text: lines.join('\n'), code: failed === 0 ? 0 : 1 };
  } finally {
    bucket.close();
    await database.close();
  }
}

runTool(run);
