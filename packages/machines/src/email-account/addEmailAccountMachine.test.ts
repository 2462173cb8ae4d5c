import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { exploreMachine, replayPath } from '../testing/machinePaths';
import type {
  AddEmailAccountEmitted,
  AddEmailAccountEvent,
  CreateSmtpAccountInput,
  StartExternalSignInInput,
  StartExternalSignInOutput,
} from './addEmailAccountMachine';
import { addEmailAccountMachine } from './addEmailAccountMachine';
import type { EmailAccountFormValues } from './emailAccount';
import { EMAIL_PROVIDERS, GENERIC_INTEGRATION_ERROR, PROVIDER_PRESETS } from '@prospecta/domain';

const VALUES: EmailAccountFormValues = {
  ...PROVIDER_PRESETS.infomaniak,
  email: 'ada@example.com',
  password: 'pw',
};

function start(
  fakes: {
    signIn?: (input: StartExternalSignInInput) => Promise<StartExternalSignInOutput>;
    create?: (input: CreateSmtpAccountInput) => Promise<unknown>;
  } = {},
) {
  const calls = {
    signIn: [] as StartExternalSignInInput[],
    create: [] as CreateSmtpAccountInput[],
  };
  const machine = addEmailAccountMachine.provide({
    actors: {
      startExternalSignIn: fromPromise(async ({ input }) => {
        calls.signIn.push(input);
        return (fakes.signIn ?? (async () => ({ redirect_url: 'https://accounts.example/auth' })))(
          input,
        );
      }),
      createSmtpAccount: fromPromise(async ({ input }) => {
        calls.create.push(input);
        return (fakes.create ?? (async () => ({ id: 1 })))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: {} });
  const emitted: AddEmailAccountEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

describe('addEmailAccountMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['google', 'microsoft'] as const)(
    '%s starts the external sign-in and opens its redirect_url',
    async (provider) => {
      const { actor, calls, emitted } = start();
      actor.send({ type: 'provider.select', provider });
      expect(actor.getSnapshot().value).toBe('startingSignIn');
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.signIn).toEqual([{ provider }]);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ outcome: 'signInOpened' });
      expect(emitted).toEqual([
        { type: 'window.open', url: 'https://accounts.example/auth' },
        { type: 'accounts.refresh' },
      ]);
    },
  );

  it('an external sign-in without a redirect_url fails with the generic message', async () => {
    const { actor, emitted } = start({ signIn: async () => ({}) as StartExternalSignInOutput });
    actor.send({ type: 'provider.select', provider: 'google' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signInFailed');
    expect(actor.getSnapshot().context.errorKey).toBe(GENERIC_INTEGRATION_ERROR);
    expect(emitted).toEqual([{ type: 'accounts.refresh' }]);
  });

  it.each(['infomaniak', 'infomaniak_classique', 'infomaniak_pro'] as const)(
    '%s opens the form with the infomaniak preset',
    (provider) => {
      const { actor } = start();
      actor.send({ type: 'provider.select', provider });
      expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
      expect(actor.getSnapshot().context.values).toEqual({
        email: '',
        password: '',
        ...PROVIDER_PRESETS.infomaniak,
      });
    },
  );

  it('Other opens the form with empty hosts, ports 465/993, SSL off', () => {
    const { actor } = start();
    actor.send({ type: 'provider.select', provider: 'other' });
    expect(actor.getSnapshot().context.values).toEqual({
      email: '',
      password: '',
      ...PROVIDER_PRESETS.none,
    });
  });

  it('submits the SMTP payload (secure → ssl/tls) and ends in saved', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'provider.select', provider: 'infomaniak_pro' });
    actor.send({ type: 'form.submit', values: { ...VALUES, imap_secure: false } });
    expect(actor.getSnapshot().value).toBe('submitting');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.create).toEqual([
      {
        email: 'ada@example.com',
        password: 'pw',
        smtp_host: 'mail.infomaniak.com',
        smtp_port: 465,
        smtp_secure: 'ssl',
        imap_host: 'mail.infomaniak.com',
        imap_port: 993,
        imap_secure: 'tls',
      },
    ]);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'saved' });
    expect(emitted).toEqual([{ type: 'accounts.refresh' }]);
  });

  it('a refused creation shows the §8 message and keeps the values; a second try succeeds', async () => {
    let fail = true;
    const { actor, calls, emitted } = start({
      create: async () => {
        if (fail)
          throw { detail: 'Bad credentials', message: { state_message: 'bad_imap_credentials' } };
        return { id: 2 };
      },
    });
    actor.send({ type: 'provider.select', provider: 'other' });
    const values = { ...VALUES, smtp_host: 'smtp.example.com', imap_host: 'imap.example.com' };
    actor.send({ type: 'form.submit', values });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ form: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe('bad_imap_credentials');
    expect(actor.getSnapshot().context.values).toEqual(values);
    expect(emitted).toEqual([{ type: 'accounts.refresh' }]);
    fail = false;
    actor.send({ type: 'form.submit', values });
    expect(actor.getSnapshot().context.errorKey).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(calls.create).toHaveLength(2);
  });

  it('keeps which mail server failed (message.server) beside the §8 key, and forgets it on the next try', async () => {
    const { actor } = start({
      create: async () => {
        throw {
          detail: 'The SMTP server smtp.example.com:465 could not be reached.',
          message: { state_message: 'mail_server_unreachable', server: 'smtp' },
        };
      },
    });
    actor.send({ type: 'provider.select', provider: 'other' });
    const values = { ...VALUES, smtp_host: 'smtp.example.com', imap_host: 'imap.example.com' };
    actor.send({ type: 'form.submit', values });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({
      errorKey: 'mail_server_unreachable',
      errorServer: 'smtp',
    });
    actor.send({ type: 'form.submit', values });
    expect(actor.getSnapshot().context.errorServer).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.errorServer).toBe('smtp');
    actor.send({ type: 'provider.back' });
    expect(actor.getSnapshot().value).toBe('choosingProvider');
    expect(actor.getSnapshot().context).toMatchObject({ errorKey: null, errorServer: null });
  });

  it('an invalid form is not submitted: field errors are set and the values kept', () => {
    const { actor, calls } = start();
    actor.send({ type: 'provider.select', provider: 'other' });
    const values = { ...PROVIDER_PRESETS.none, email: 'nope', password: '' };
    actor.send({ type: 'form.submit', values });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'invalid_email',
      password: 'required',
      smtp_host: 'required',
      imap_host: 'required',
    });
    expect(actor.getSnapshot().context.values).toEqual(values);
    expect(calls.create).toEqual([]);
  });

  it('unknown error codes, or codes the app has no text for, give the generic message', async () => {
    const machine = addEmailAccountMachine.provide({
      actors: {
        createSmtpAccount: fromPromise<unknown, CreateSmtpAccountInput>(async () => {
          throw { detail: 'number_of_smtp_accounts_reached' };
        }),
      },
    });
    const actor = createActor(machine, {
      input: { knownErrorCodes: ['bad_imap_credentials'] },
    }).start();
    actor.send({ type: 'provider.select', provider: 'infomaniak' });
    actor.send({ type: 'form.submit', values: VALUES });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.errorKey).toBe(GENERIC_INTEGRATION_ERROR);
  });

  it('back to the provider list forgets the provider; an unknown provider is ignored', () => {
    const { actor } = start();
    actor.send({ type: 'provider.select', provider: 'yahoo' as never });
    expect(actor.getSnapshot().value).toBe('choosingProvider');
    actor.send({ type: 'provider.select', provider: 'other' });
    actor.send({ type: 'provider.back' });
    expect(actor.getSnapshot().value).toBe('choosingProvider');
    expect(actor.getSnapshot().context).toMatchObject({ provider: null, values: null });
  });
});

describe('addEmailAccountMachine paths (xstate/graph)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const EVENTS: AddEmailAccountEvent[] = [
    ...EMAIL_PROVIDERS.map((provider) => ({ type: 'provider.select' as const, provider })),
    { type: 'provider.back' },
    { type: 'form.submit', values: VALUES },
    { type: 'form.submit', values: { ...VALUES, email: '' } },
  ];
  const explore = () =>
    exploreMachine(addEmailAccountMachine, {
      events: EVENTS as EventObject[],
      input: {},
      actorOutputs: {
        startExternalSignIn: [{ redirect_url: 'https://accounts.example/auth' }, {}],
        createSmtpAccount: [{ id: 1 }],
      },
      actorErrors: {
        startExternalSignIn: [{ detail: 'inactive_email_account_already_exists' }],
        createSmtpAccount: [
          { detail: 'x', message: { state_message: 'number_of_smtp_accounts_reached' } },
          new Error('Network down'),
        ],
      },
    });

  it('reaches every declared state', () => {
    const { reachedLeafStates, declaredLeafStates } = explore();
    expect(reachedLeafStates).toEqual(declaredLeafStates);
    expect(declaredLeafStates).toHaveLength(8);
  });

  it('on the real actor, no path submits without form values or saves without a successful creation', async () => {
    const { paths } = explore();
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const steps = await replayPath(addEmailAccountMachine, path, {
        input: {},
        advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
      });
      let wasSaved = false;
      for (const step of steps) {
        const at = `after ${JSON.stringify(step.event)}`;
        const { snapshot } = step;
        if (snapshot.matches('submitting')) expect(snapshot.context.values, at).not.toBeNull();
        if (snapshot.matches('saved') && !wasSaved)
          expect(step.event.type, at).toBe('xstate.done.actor.createSmtpAccount');
        wasSaved = snapshot.matches('saved');
      }
    }
  });
});
