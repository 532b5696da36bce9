import { buildApp } from './app';
import { resolveAuthSecret } from './auth-secret';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seedDefaults } from './db/seed';
import { createLogDestination } from './log-destination';
import { stopOnSignals } from './shutdown';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  await migrate(database);
  await seedDefaults(database.db);

  const logs = createLogDestination();
  const app = await buildApp({ config, database, authSecret: resolveAuthSecret(config.authSecret, config.dataDir), logStream: logs });
  stopOnSignals({ app, closeDatabase: () => database.close(), flushLogs: (ms) => logs.flush(ms) });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Souvenir is ready on ${config.publicUrl} (database: ${database.driver}, data: ${config.dataDir})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Souvenir could not start:', error);
  }
  process.exit(1);
});
