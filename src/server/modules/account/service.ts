import { once } from 'node:events';
import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_FORMAT_VERSION } from '@shared/contracts/me';
import { AppError } from '../../app-error';
import type { FilesService } from '../files/service';
import type { KeepingService } from '../keeping/service';
import type { ChatService } from '../chat/service';
import type { ExhibitionsService } from '../exhibitions/service';
import type { MemoriesService } from '../memories/service';
import type { ProfileService, SessionUser } from '../profile/service';
import type { SupportService } from '../support/service';
import type { AccountRepository } from './repository';

export const EXPORT_JSON_NAME = 'souvenir-export.json';

/**
 * The person's whole account: their data export (GDPR access and portability) and its erasure.
 * Both reach the other modules through their services only.
 */
export function createAccountService(deps: {
  accounts: AccountRepository;
  profiles: ProfileService;
  memories: MemoriesService;
  /** The monthly exhibitions: their rows only (their pictures are the memories' own, exported with them). */
  exhibitions: Pick<ExhibitionsService, 'exportOf'>;
  support: SupportService;
  files: FilesService;
  /** A paid subscription is cancelled with the provider before the account goes. */
  billing: { cancelFor(userId: string): Promise<void> };
  /** The kept conversations: ciphertext only, exported with a note on how to decrypt it. */
  keeping: Pick<KeepingService, 'exportOf'>;
  /** When the companion last answered and last said it is a machine: dates the server keeps about the person. */
  chat: Pick<ChatService, 'disclosureExport'>;
}) {
  const { accounts, profiles, memories, support, files } = deps;

  /** The JSON of the export, written a batch of memories at a time (docs/data-export.md describes it). */
  async function* exportJson(user: SessionUser): AsyncGenerator<string> {
    const account = await accounts.findUser(user.id);
    const profile = await profiles.getProfile(user.id);
    const tickets = await support.listOwn(user.id);
    const kept = await deps.keeping.exportOf(user.id);
    const exhibitions = await deps.exhibitions.exportOf(user.id);
    const disclosure = await deps.chat.disclosureExport(user.id);
    const head = {
      format: 'souvenir-export',
      version: EXPORT_FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      account: { email: account?.email ?? user.email, createdAt: account?.createdAt.toISOString() ?? null },
      profile: {
        firstName: profile.firstName,
        defaultLanguage: profile.defaultLanguage,
        gender: profile.gender,
        avatar: profile.avatarUrl ? 'avatar.webp' : null,
        onThisDay: profile.onThisDayEnabled,
        // The dates that time the reminder that the companion is a machine (after days away, or hours of talk).
        aiDisclosure: disclosure,
        journaledDaysNote: kept
          ? 'Counted from your memories; conversations are stored on the server only encrypted, in keptConversations.'
          : 'Counted from your memories; conversations are never stored on the server.',
      },
      supportTickets: tickets.items,
      exhibitions,
      // Present only for people who keep their conversations across devices (docs/data-export.md).
      ...(kept ? { keptConversations: kept } : {}),
    };
    const opening = JSON.stringify(head, null, 2);
    yield `${opening.slice(0, -2)},\n  "memories": [`;
    let first = true;
    for await (const batch of memories.exportBatches(user.id)) {
      for (const memory of batch) {
        const { imageKey, ...listed } = memory;
        const entry = { ...listed, image: imageKey ? imageNameOf(memory.id, imageKey) : null };
        yield `${first ? '' : ','}\n    ${JSON.stringify(entry)}`;
        first = false;
      }
    }
    yield `${first ? '' : '\n  '}]\n}\n`;
  }

  const imageNameOf = (id: string, key: string) => `images/${id}.${key.split('.').pop()}`;

  /** Appends one entry and waits until the archive has written it: one image in memory at a time. */
  async function addEntry(archive: archiver.Archiver, source: Buffer | Readable, name: string) {
    const written = once(archive, 'entry');
    archive.append(source, { name, date: new Date() });
    await written;
  }

  return {
    /**
     * A ZIP streamed as it is made: the JSON first, then each stored image, read one at a time (images
     * are stored as-is, already compressed). The caller sends the returned stream; a failure part-way
     * ends the stream with an error (logged), so the download fails instead of looking complete.
     */
    exportArchive(user: SessionUser, ctx: { log: FastifyBaseLogger }): Readable {
      const archive = archiver('zip', { store: true });
      const fill = async () => {
        await addEntry(archive, Readable.from(exportJson(user)), EXPORT_JSON_NAME);
        const profile = await profiles.getProfile(user.id);
        const avatarKey = await profiles.avatarKeyOf(user.id);
        if (profile.avatarUrl && avatarKey) {
          const avatar = await files.read(avatarKey).catch(() => null);
          if (avatar) await addEntry(archive, avatar.body, 'avatar.webp');
        }
        for await (const batch of memories.exportBatches(user.id)) {
          for (const memory of batch) {
            if (!memory.imageKey) continue;
            const image = await files.read(memory.imageKey).catch((error: unknown) => {
              // A missing file is noted in the log and skipped; the memory stays listed in the JSON.
              ctx.log.warn({ err: error, memoryId: memory.id }, 'export: image missing from storage');
              return null;
            });
            if (image) await addEntry(archive, image.body, imageNameOf(memory.id, memory.imageKey));
          }
        }
        await archive.finalize();
      };
      fill().catch((error: unknown) => {
        ctx.log.error({ err: error, userId: user.id }, 'data export failed part-way');
        archive.destroy(error instanceof Error ? error : new Error('export failed'));
      });
      return archive;
    },

    /**
     * Closes the account for good. The stored files are listed first (the rows that name them are about
     * to go), the account is erased in one transaction, then the files are removed; a file that cannot
     * be removed is logged by key and left as an orphan nobody can reach (its name is unguessable).
     */
    async erase(user: SessionUser, ctx: { log: FastifyBaseLogger }): Promise<void> {
      const keys = await memories.storageKeysOf(user.id);
      const avatarKey = await profiles.avatarKeyOf(user.id);
      if (avatarKey) keys.push(avatarKey);
      // If the provider cannot cancel, nothing is erased: the person is not left paying for nothing.
      await deps.billing.cancelFor(user.id);
      if (!(await accounts.erase(user.id, user.email))) throw new AppError('NOT_FOUND', 'No such account.');
      for (const key of keys) {
        try {
          await files.discard(key);
        } catch (error) {
          ctx.log.warn({ err: error, key }, 'erased account: a file could not be removed');
        }
      }
      ctx.log.info({ userId: user.id, files: keys.length }, 'account erased');
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
