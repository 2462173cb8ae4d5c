import { createHash, randomUUID } from 'node:crypto';
import fs, { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from '@prospecta/domain';
import type { OnboardingErrorCode } from '@prospecta/domain/contract';
import { defineRoute, json, type BaseContext, type RouteDef, type Services } from '../http/route';
import { badRequest, forbidden, HttpError, unprocessable } from '../http/errors';
import type { UserRow } from '../db/types';
import type { UploadType } from '../repositories/onboarding';
import { removeUploadFiles } from '../domain/upload-sweep';
import { dbId, principalOf, targetUser } from './access';

/** Files per upload request (the contract's maxItems). */
export const MAX_FILES_PER_UPLOAD = 10;
/** Room for the multipart framing around the files. */
const MULTIPART_OVERHEAD = 64 * 1024;

const TOO_LARGE = 'Some files exceed the 15MB size limit.';
const HEAD_BYTES = 12;

/** The type a file's first bytes prove, whatever its name or declared type says. */
export function sniffType(head: Buffer): UploadType | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1')))
    return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-')
    return 'application/pdf';
  return null;
}

const DECLARED_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

/**
 * Counts the live uploads of one server, in all and per customer; beyond either limit a request is refused at once
 * (503), so one customer's slow uploads never make the others wait. The slot is given back once, by whichever
 * comes first: the end of the handler, or the client going away.
 */
class UploadGate {
  private running = 0;
  private readonly perTenant = new Map<number, number>();
  constructor(
    private readonly limit: number,
    private readonly tenantLimit: number,
  ) {}
  tryEnter(tenant: number): (() => void) | null {
    const mine = this.perTenant.get(tenant) ?? 0;
    if (this.running >= this.limit || mine >= this.tenantLimit) return null;
    this.running += 1;
    this.perTenant.set(tenant, mine + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.running -= 1;
      const now = (this.perTenant.get(tenant) ?? 1) - 1;
      if (now > 0) this.perTenant.set(tenant, now);
      else this.perTenant.delete(tenant);
    };
  }
}
const gates = new WeakMap<Services, UploadGate>();
function gateOf(services: Services): UploadGate {
  let gate = gates.get(services);
  if (!gate) {
    gate = new UploadGate(
      services.config.uploads.concurrency,
      services.config.uploads.concurrencyPerCustomer,
    );
    gates.set(services, gate);
  }
  return gate;
}

/**
 * A place among the server's concurrent uploads for a customer (onboarding files and imports share the limits):
 * answers the function that gives it back, or refuses at once with 503 and Retry-After.
 */
export function enterUpload(services: Services, tenant: number): () => void {
  const release = gateOf(services).tryEnter(tenant);
  if (!release) {
    throw new HttpError(
      503,
      'Too many uploads are running; try again in a few seconds.',
      undefined,
      { 'retry-after': '5' },
    );
  }
  return release;
}

async function onboardingUser(
  ctx: BaseContext & { params: { id: number } },
): Promise<{ me: ReturnType<typeof principalOf>; user: UserRow }> {
  const me = principalOf(ctx);
  const user = await targetUser(ctx, dbId(ctx.params.id));
  if (!me.isStaff && !user.flags.includes('onboarding_form')) {
    throw forbidden('The onboarding questionnaire is not open for this account.');
  }
  return { me, user };
}

/** RFC 4331's answer to a quota: 507, the code the app translates. */
const quotaExceeded = () =>
  new HttpError(507, 'The files of this account have reached their storage quota.');

const unsupported = (name: string) =>
  new HttpError(415, `"${name}" is neither an image (PNG, JPEG, GIF, WebP) nor a PDF.`);

interface StoredUpload {
  id: string;
  name: string;
  contentType: UploadType;
  size: number;
  sha256: string;
  path: string;
}

/**
 * fsync(2) of a file or a directory, on libuv's thread pool (the event loop goes on): its bytes, or its entries, are
 * on the disk and survive a power loss, as the database row that names them does.
 */
function flushToDisk(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    fs.open(path, 'r', (openError, fd) => {
      if (openError) return reject(openError);
      fs.fsync(fd, (syncError) => {
        fs.close(fd, (closeError) => {
          const error = syncError ?? closeError;
          if (error) reject(error);
          else resolve();
        });
      });
    });
  });
}

/** Streams one part to disk, hashing and sniffing on the way; removes what it wrote when refused. */
async function storePart(
  part: {
    filename: string;
    mimetype: string;
    file: NodeJS.ReadableStream & { truncated?: boolean };
  },
  dir: string,
  budget: { bytes: number },
): Promise<StoredUpload> {
  // A NUL byte (or another control character) has no place in a file name, and the database refuses NUL.
  // A control character (NUL included) in a file name is refused, whatever the file holds.
  if (hasControlCharacter(part.filename ?? '')) {
    part.file.resume();
    throw badRequest('A file name holds a control character.');
  }
  const name = (part.filename || 'file').slice(0, 255);
  const declared = DECLARED_ALIASES[part.mimetype.toLowerCase()] ?? part.mimetype.toLowerCase();
  const id = randomUUID();
  const path = join(dir, id);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let sniffed: UploadType | null = null;
  const decide = (): Error | null => {
    sniffed = sniffType(head);
    // A declared type must agree with the content: a PDF named photo.png with image/png is refused too.
    if (!sniffed || (declared !== 'application/octet-stream' && declared !== sniffed))
      return unsupported(name);
    return null;
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) return callback(new HttpError(413, TOO_LARGE));
      budget.bytes -= chunk.length;
      if (budget.bytes < 0) return callback(quotaExceeded());
      hash.update(chunk);
      if (sniffed === null && head.length < HEAD_BYTES) {
        head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
        if (head.length >= HEAD_BYTES) {
          const refused = decide();
          if (refused) return callback(refused);
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      callback(sniffed === null ? decide() : null);
    },
  });
  try {
    await pipeline(part.file, inspect, createWriteStream(path, { flags: 'wx' }));
    if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
  } catch (error) {
    await rm(path, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, TOO_LARGE);
    throw error;
  }
  return {
    id,
    name,
    contentType: sniffed ?? 'application/pdf',
    size,
    sha256: hash.digest('hex'),
    path,
  };
}

const uploadOnboardingFiles = defineRoute(
  'post',
  '/api/v1/users/{id}/onboarding/files',
  async (ctx) => {
    const { me, user } = await onboardingUser(ctx);
    const declaredLength = Number(ctx.req.headers['content-length'] ?? 0);
    if (declaredLength > MAX_FILES_PER_UPLOAD * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD)
      throw new HttpError(413, TOO_LARGE);
    const release = gateOf(ctx.services).tryEnter(user.id);
    if (!release) {
      throw new HttpError(
        503,
        'Too many uploads are running; try again in a few seconds.',
        undefined,
        { 'retry-after': '5' },
      );
    }
    const { dir, quotaBytes } = ctx.services.config.uploads;
    const stored: StoredUpload[] = [];
    // A client that goes away in the middle of the body: the parts are never read to their end, so the slot is
    // given back here, and the reading stops.
    let current: NodeJS.ReadableStream | null = null;
    const response = ctx.reply.raw;
    const gone = new Promise<never>((_, reject) => {
      const leave = () => {
        release();
        const error = badRequest('The upload was interrupted.');
        (current as { destroy?: (e: Error) => void } | null)?.destroy?.(error);
        reject(error);
      };
      // It may have gone already, while the request waited for its checks.
      if (ctx.req.raw.socket?.destroyed) return leave();
      response.once('close', () => {
        if (!response.writableFinished) leave();
      });
    });
    gone.catch(() => undefined);
    try {
      const used = await ctx.services.repos.onboarding.usedBytes(user.id);
      if (used >= quotaBytes) throw quotaExceeded();
      const budget = { bytes: quotaBytes - used };
      const created = await mkdir(dir, { recursive: true });
      if (created) await flushToDisk(dirname(created));
      const parts = ctx.req.parts({
        // One field is allowed so that a stray field answers a clear 400 rather than the limit's 413.
        limits: {
          fileSize: MAX_UPLOAD_BYTES,
          files: MAX_FILES_PER_UPLOAD,
          fields: 1,
          parts: MAX_FILES_PER_UPLOAD + 1,
        },
      });
      const reading = parts[Symbol.asyncIterator]();
      for (;;) {
        const next = await Promise.race([reading.next(), gone]);
        if (next.done) break;
        const part = next.value;
        if (part.type !== 'file')
          throw badRequest(`Unexpected form field "${part.fieldname}"; send only "files" parts.`);
        if (part.fieldname !== 'files') {
          part.file.resume();
          throw badRequest(`Unexpected file part "${part.fieldname}"; send files as "files".`);
        }
        current = part.file;
        stored.push(await Promise.race([storePart(part, dir, budget), gone]));
      }
      if (stored.length === 0) throw badRequest('Send at least one "files" part.');
      // The files and their directory entries reach the disk before the row that names them is committed (and the
      // answer leaves): after a power loss, an acknowledged upload is whole.
      await Promise.all(stored.map((f) => flushToDisk(f.path)));
      await flushToDisk(dir);
      await ctx.services.repos.onboarding.addUploads(
        user.id,
        me.id,
        stored.map((f) => ({
          id: f.id,
          filename: f.name,
          content_type: f.contentType,
          size: f.size,
          sha256: f.sha256,
        })),
      );
    } catch (error) {
      await Promise.all(stored.map((f) => rm(f.path, { force: true })));
      throw malformed(error);
    } finally {
      release();
    }
    return json(201, {
      files: stored.map((f) => ({
        id: f.id,
        name: f.name,
        size: f.size,
        content_type: f.contentType,
      })),
    });
  },
  { multipart: true },
);

/** busboy's parse errors (a broken boundary, a truncated body) are the client's: 400. */
export function malformed(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  if (e.code?.startsWith('FST_') || (e.statusCode !== undefined && e.statusCode < 500))
    return error;
  if (
    typeof e.message === 'string' &&
    /multipart|boundary|Unexpected end of form|Malformed part header/i.test(e.message)
  ) {
    return badRequest('The multipart body is malformed.');
  }
  return error;
}

const blank = (value: string) => value.trim() === '';

/** The contract's UploadedFile of each id the user uploaded, in the order of `ids` (others' and unknown ids left out). */
async function filesOf(ctx: BaseContext, userId: number, ids: readonly string[]) {
  const rows = await ctx.services.repos.onboarding.uploadsOf(userId, ids);
  const byId = new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.filename, size: r.size, content_type: r.content_type },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const submitOnboarding = defineRoute('post', '/api/v1/users/{id}/onboarding', async (ctx) => {
  const { me, user } = await onboardingUser(ctx);
  // The questionnaire describes a customer's campaign: staff without a selected customer would otherwise save it
  // under their own account, where nobody reads it.
  if (user.is_staff) {
    const detail = 'The onboarding questionnaire belongs to a customer, not to a staff account.';
    throw new HttpError(403, detail, {
      detail,
      code: 'customer_required' satisfies OnboardingErrorCode,
    });
  }
  const { brief, audience } = ctx.body;
  // §5 rules beyond the shapes: 422.
  for (const key of ['nameOfCampaignType', 'description', 'pricingModel'] as const) {
    if (blank(brief[key])) throw unprocessable(`brief.${key}: Required`);
  }
  if (brief.mainFeatures.some((f) => blank(f.value)))
    throw unprocessable('brief.mainFeatures: every feature needs a value.');
  for (const key of [
    'bestClientsDescription',
    'targetIndustries',
    'excludeIndustries',
    'geographicArea',
    'typesOfPeople',
  ] as const) {
    if (blank(audience[key])) throw unprocessable(`audience.${key}: Required`);
  }
  if (audience.providedWebsites.some((w) => blank(w.value)))
    throw unprocessable('audience.providedWebsites: every website needs a value.');
  if (!Object.values(audience.companySizes).some(Boolean)) {
    throw unprocessable('audience.companySizes.allCompanies: You must select at least one option.');
  }
  const files = await filesOf(ctx, user.id, brief.salesPresentation);
  if (files.length !== brief.salesPresentation.length) {
    throw unprocessable('brief.salesPresentation: every id must be a file uploaded for this user.');
  }
  const previous = await ctx.services.repos.onboarding.lastSubmission(user.id);
  const stored = await ctx.services.repos.onboarding.addSubmission(user.id, me.id, {
    brief,
    audience,
  });
  // Files the questionnaire named before and no longer does were replaced: they leave the disk now.
  const replaced = (previous?.brief.salesPresentation ?? []).filter(
    (id) => !brief.salesPresentation.includes(id),
  );
  await ctx.services.repos.onboarding.deleteUploads(replaced);
  await removeUploadFiles(ctx.services.config.uploads.dir, replaced);
  return json(201, {
    id: stored.id,
    user_id: user.id,
    submitted_at: stored.created_at.toISOString(),
    brief,
    audience,
    files,
  });
});

const getOnboarding = defineRoute('get', '/api/v1/users/{id}/onboarding', async (ctx) => {
  const { user } = await onboardingUser(ctx);
  const row = await ctx.services.repos.onboarding.lastSubmission(user.id);
  if (!row) return json(200, { submission: null });
  const { brief, audience } = row;
  const files = await filesOf(ctx, user.id, brief.salesPresentation);
  return json(200, {
    submission: {
      id: row.id,
      user_id: user.id,
      submitted_at: row.created_at.toISOString(),
      brief,
      audience,
      files,
    },
  });
});

export const onboardingRoutes: RouteDef[] = [
  getOnboarding,
  submitOnboarding,
  uploadOnboardingFiles,
];

/** Whether a text holds a C0 control character or DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
