/**
 * The 'Add an email account' modal (§2 Integrations tab): pick a provider; the two
 * large providers start an external sign-in in a new window, the others open the form
 * with their preset; submitting creates the SMTP account; success → 'Saved' (the app
 * closes the modal), failure → the §8 message while the form keeps its values.
 * After each creation attempt the account list is refreshed (§4 Accounts).
 */
import type { DoneActorEvent } from 'xstate';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type {
  EmailAccountFormErrors,
  EmailAccountFormValues,
  SmtpAccountPayload,
} from './emailAccount';
import type {
  EmailProvider,
  ExternalSignInProvider,
  FormProvider,
  MailServer,
} from '@prospecta/domain';
import {
  initialFormValues,
  resolveIntegrationError,
  toSmtpAccountPayload,
  validateEmailAccountForm,
} from './emailAccount';
import {
  GENERIC_INTEGRATION_ERROR,
  INTEGRATION_ERROR_CODES,
  isEmailProvider,
  isExternalSignInProvider,
  isMailServer,
} from '@prospecta/domain';

export interface AddEmailAccountInput {
  /** Error codes that have a product text (default: INTEGRATION_ERROR_CODES). */
  knownErrorCodes?: readonly string[];
}

export interface AddEmailAccountContext {
  provider: EmailProvider | null;
  /** The form values: the preset at first, then what the user submitted (kept on failure). */
  values: EmailAccountFormValues | null;
  fieldErrors: EmailAccountFormErrors;
  /** §8 message key of the last failure (a known code or GENERIC_INTEGRATION_ERROR). */
  errorKey: string | null;
  /** Which mail server failed the live check, when the answer says so (message.server). */
  errorServer: MailServer | null;
  redirectUrl: string | null;
  knownErrorCodes: readonly string[];
}

export type AddEmailAccountEvent =
  | { type: 'provider.select'; provider: EmailProvider }
  | { type: 'provider.back' }
  | { type: 'form.submit'; values: EmailAccountFormValues };

export type AddEmailAccountEmitted =
  { type: 'window.open'; url: string } | { type: 'accounts.refresh' };

/** Input/output of the injected actors. */
export interface StartExternalSignInInput {
  provider: ExternalSignInProvider;
}
/** The creation answer `email_account` (its redirect_url is opened in a new window). */
export interface StartExternalSignInOutput {
  redirect_url: string;
}
export type CreateSmtpAccountInput = SmtpAccountPayload;

export interface AddEmailAccountOutput {
  outcome: 'saved' | 'signInOpened';
}

function hasRedirectUrl(output: unknown): output is StartExternalSignInOutput {
  return (
    typeof output === 'object' &&
    output !== null &&
    typeof (output as { redirect_url?: unknown }).redirect_url === 'string' &&
    (output as { redirect_url: string }).redirect_url !== ''
  );
}

/** message.server of an IntegrationError body: which mail server failed (null when absent). */
function failedServerOf(error: unknown): MailServer | null {
  if (typeof error !== 'object' || error === null) return null;
  const message = (error as { message?: unknown }).message;
  if (typeof message !== 'object' || message === null) return null;
  const server = (message as { server?: unknown }).server;
  return isMailServer(server) ? server : null;
}

export const addEmailAccountMachine = setup({
  types: {
    context: {} as AddEmailAccountContext,
    events: {} as AddEmailAccountEvent,
    input: {} as AddEmailAccountInput,
    emitted: {} as AddEmailAccountEmitted,
    output: {} as AddEmailAccountOutput,
  },
  actors: {
    /** POST /api/v2/integrations/email/{provider}; resolves with email_account. */
    startExternalSignIn: fromPromise<StartExternalSignInOutput, StartExternalSignInInput>(
      async () => {
        throw new Error('addEmailAccountMachine: the "startExternalSignIn" actor was not provided');
      },
    ),
    /** POST /api/v2/integrations/email/smtp; rejects with the parsed error body. */
    createSmtpAccount: fromPromise<unknown, CreateSmtpAccountInput>(async () => {
      throw new Error('addEmailAccountMachine: the "createSmtpAccount" actor was not provided');
    }),
  },
  guards: {
    isExternalProvider: ({ event }) => {
      assertEvent(event, 'provider.select');
      return isEmailProvider(event.provider) && isExternalSignInProvider(event.provider);
    },
    isFormProvider: ({ event }) => {
      assertEvent(event, 'provider.select');
      return isEmailProvider(event.provider) && !isExternalSignInProvider(event.provider);
    },
    formValid: ({ event }) => {
      assertEvent(event, 'form.submit');
      return Object.keys(validateEmailAccountForm(event.values)).length === 0;
    },
    hasRedirectUrl: (_, output: unknown) => hasRedirectUrl(output),
  },
  actions: {
    chooseProvider: assign(({ event }) => {
      assertEvent(event, 'provider.select');
      return {
        provider: event.provider,
        values: isExternalSignInProvider(event.provider)
          ? null
          : initialFormValues(event.provider as FormProvider),
        fieldErrors: {},
        errorKey: null,
        errorServer: null,
        redirectUrl: null,
      };
    }),
    forgetProvider: assign({
      provider: null,
      values: null,
      fieldErrors: {},
      errorKey: null,
      errorServer: null,
    }),
    storeValues: assign(({ event }) => {
      assertEvent(event, 'form.submit');
      return { values: event.values, fieldErrors: validateEmailAccountForm(event.values) };
    }),
    storeRedirectUrl: assign((_, output: StartExternalSignInOutput) => ({
      redirectUrl: output.redirect_url,
    })),
    storeError: assign(({ context }, params: { error: unknown }) => ({
      errorKey: resolveIntegrationError(params.error, context.knownErrorCodes),
      errorServer: failedServerOf(params.error),
    })),
    storeGenericError: assign({ errorKey: GENERIC_INTEGRATION_ERROR, errorServer: null }),
    clearError: assign({ errorKey: null, errorServer: null }),
    openWindow: emit((_, params: { url: string }) => ({
      type: 'window.open' as const,
      url: params.url,
    })),
    refreshAccounts: emit({ type: 'accounts.refresh' as const }),
  },
}).createMachine({
  id: 'addEmailAccount',
  context: ({ input }) => ({
    provider: null,
    values: null,
    fieldErrors: {},
    errorKey: null,
    errorServer: null,
    redirectUrl: null,
    knownErrorCodes: input?.knownErrorCodes ?? INTEGRATION_ERROR_CODES,
  }),
  initial: 'choosingProvider',
  states: {
    choosingProvider: {
      on: {
        'provider.select': [
          { guard: 'isExternalProvider', target: 'startingSignIn', actions: 'chooseProvider' },
          { guard: 'isFormProvider', target: 'form', actions: 'chooseProvider' },
        ],
      },
    },
    startingSignIn: {
      invoke: {
        id: 'startExternalSignIn',
        src: 'startExternalSignIn',
        input: ({ context }) => ({
          provider: context.provider === 'microsoft' ? 'microsoft' : 'google',
        }),
        onDone: [
          {
            guard: {
              type: 'hasRedirectUrl',
              params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output,
            },
            target: 'signInOpened',
            actions: [
              { type: 'storeRedirectUrl', params: ({ event }) => event.output },
              { type: 'openWindow', params: ({ event }) => ({ url: event.output.redirect_url }) },
              'refreshAccounts',
            ],
          },
          { target: 'signInFailed', actions: ['storeGenericError', 'refreshAccounts'] },
        ],
        onError: {
          target: 'signInFailed',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            'refreshAccounts',
          ],
        },
      },
    },
    /** The external sign-in window was opened: the modal closes. */
    signInOpened: { type: 'final' },
    signInFailed: {
      on: {
        'provider.select': [
          { guard: 'isExternalProvider', target: 'startingSignIn', actions: 'chooseProvider' },
          { guard: 'isFormProvider', target: 'form', actions: 'chooseProvider' },
        ],
        'provider.back': { target: 'choosingProvider', actions: 'forgetProvider' },
      },
    },
    form: {
      initial: 'editing',
      on: {
        'form.submit': [
          { guard: 'formValid', target: 'submitting', actions: ['storeValues', 'clearError'] },
          { target: '.editing', actions: 'storeValues' },
        ],
        'provider.back': { target: 'choosingProvider', actions: 'forgetProvider' },
      },
      states: {
        editing: {},
        /** The last submission failed: errorKey is shown (toast), the values are kept. */
        failed: {},
      },
    },
    submitting: {
      invoke: {
        id: 'createSmtpAccount',
        src: 'createSmtpAccount',
        input: ({ context }) => {
          if (!context.values) throw new Error('addEmailAccountMachine: no form values to submit');
          return toSmtpAccountPayload(context.values);
        },
        onDone: { target: 'saved', actions: 'refreshAccounts' },
        onError: {
          target: 'form.failed',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            'refreshAccounts',
          ],
        },
      },
    },
    /** The account was created: the app shows 'Saved' and closes the modal. */
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.redirectUrl === null ? 'saved' : 'signInOpened' }),
});

export type AddEmailAccountMachine = typeof addEmailAccountMachine;
