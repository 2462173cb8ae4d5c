import { createHash } from 'node:crypto';
import { defineRoute, json, type RouteDef } from '../http/route';
import { badRequest, forbidden, HttpError, unprocessable } from '../http/errors';
import type { Schemas } from '@prospecta/domain/contract';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { CONTRACT_ID, describeErrors, type Contract } from '../http/contract';
import { principalOf, dbId, targetUser } from './access';

const IMAGE_OR_PDF = /^(image\/(png|jpeg|gif|webp|svg\+xml)|application\/pdf)$/;

/** Checks the first bytes against the declared type, so a renamed executable is not stored as a PDF. */
function contentMatches(type: string, data: Buffer): boolean {
  const head = data.subarray(0, 16);
  switch (type) {
    case 'application/pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'image/png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/gif':
      return head.subarray(0, 4).toString('latin1') === 'GIF8';
    case 'image/webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'image/svg+xml':
      return data.subarray(0, 2048).toString('utf8').includes('<svg');
    default:
      return false;
  }
}

interface UploadedFile {
  name: string;
  contentType: string;
  data: Buffer;
}

const blank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** A JSON form field checked against its contract schema (400 otherwise), typed as that schema. */
function validatedField<T>(contract: Contract, fields: Record<string, unknown>, name: string, schema: keyof Schemas): T {
  if (!(name in fields)) throw badRequest(`The form field "${name}" is required.`);
  // Contract schemas are synchronous: the plain type-guard signature applies.
  const validate: ValidateFunction<T> | undefined = contract.ajv.getSchema<T>(`${CONTRACT_ID}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`contract schema ${schema} is missing`);
  const value = fields[name];
  if (!validate(value)) throw badRequest(describeErrors(validate.errors, name));
  return value;
}

const submitOnboarding = defineRoute('post', '/api/v1/users/{id}/onboarding', async (ctx) => {
  const me = principalOf(ctx);
  const user = await targetUser(ctx, dbId(ctx.params.id));
  if (!me.isStaff && !user.flags.includes('onboarding_form')) {
    throw forbidden('The onboarding questionnaire is not open for this account.');
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of ctx.req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw badRequest(`Unexpected file part "${part.fieldname}"; send files as "files".`);
      }
      const contentType = part.mimetype.toLowerCase();
      if (!IMAGE_OR_PDF.test(contentType)) {
        part.file.resume();
        throw new HttpError(415, `"${part.filename}" is neither an image nor a PDF.`);
      }
      const data = await part.toBuffer();
      if (!contentMatches(contentType, data)) {
        throw new HttpError(415, `"${part.filename}" does not contain a valid ${contentType === 'application/pdf' ? 'PDF' : 'image'}.`);
      }
      files.push({ name: part.filename || 'file', contentType, data });
    } else {
      if (part.fieldname !== 'brief' && part.fieldname !== 'audience') {
        throw badRequest(`Unknown form field "${part.fieldname}".`);
      }
      if (part.fieldname in fields) throw badRequest(`The form field "${part.fieldname}" is sent twice.`);
      try {
        fields[part.fieldname] = JSON.parse(String(part.value));
      } catch {
        throw badRequest(`The form field "${part.fieldname}" is not valid JSON.`);
      }
    }
  }
  const brief = validatedField<Schemas['CampaignBrief']>(ctx.req.server.contract, fields, 'brief', 'CampaignBrief');
  const audience = validatedField<Schemas['Audience']>(ctx.req.server.contract, fields, 'audience', 'Audience');

  // §5 rules beyond the shapes: 422.
  for (const key of ['nameOfCampaignType', 'description', 'pricingModel'] as const) {
    if (blank(brief[key])) throw unprocessable(`brief.${key}: Required`);
  }
  if (brief.mainFeatures.some((f) => blank(f.value))) throw unprocessable('brief.mainFeatures: every feature needs a value.');
  for (const key of ['bestClientsDescription', 'targetIndustries', 'excludeIndustries', 'geographicArea', 'typesOfPeople'] as const) {
    if (blank(audience[key])) throw unprocessable(`audience.${key}: Required`);
  }
  if (audience.providedWebsites.some((w) => blank(w.value))) throw unprocessable('audience.providedWebsites: every website needs a value.');
  if (!Object.values(audience.companySizes).some(Boolean)) {
    throw unprocessable('audience.companySizes.allCompanies: You must select at least one option.');
  }
  const uploaded = files.map((f) => f.name).sort();
  const listed = [...brief.salesPresentation].sort();
  if (uploaded.length !== listed.length || uploaded.some((name, i) => name !== listed[i])) {
    throw unprocessable('brief.salesPresentation must list the names of the uploaded files.');
  }

  const { db } = ctx.services;
  const stored = await db.transaction().execute(async (trx) => {
    const submission = await trx
      .insertInto('onboarding_submissions')
      .values({ user_id: user.id, submitted_by: me.id, data: JSON.stringify({ brief, audience }) })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    if (files.length) {
      await trx
        .insertInto('onboarding_files')
        .values(
          files.map((f) => ({
            submission_id: submission.id,
            field: 'files',
            filename: f.name,
            content_type: f.contentType,
            size: f.data.length,
            sha256: createHash('sha256').update(f.data).digest('hex'),
            content: f.data,
          })),
        )
        .execute();
    }
    return submission;
  });
  return json(201, {
    id: stored.id,
    user_id: user.id,
    submitted_at: stored.created_at.toISOString(),
    brief,
    audience,
    files: files.map((f) => ({ name: f.name, size: f.data.length, content_type: f.contentType })),
  });
}, { multipart: true });

export const onboardingRoutes: RouteDef[] = [submitOnboarding];
