/**
 * The password-reset e-mail, sent by a job after the request has been answered (routes/users.ts answers 204 for
 * every address at once): the account is looked up here, so the answer says nothing of whether it exists.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../http/route';
import { sha256 } from '../security/tokens';

const LIFETIME_UNITS = {
  fr: { hour: ['heure', 'heures'], minute: ['minute', 'minutes'], second: ['seconde', 'secondes'] },
  en: { hour: ['hour', 'hours'], minute: ['minute', 'minutes'], second: ['second', 'seconds'] },
} as const;

/** A reset-code lifetime in words: whole hours, else whole minutes (rounded up), else seconds; singular for 1. */
export function lifetimeText(seconds: number, language: 'fr' | 'en'): string {
  const units = LIFETIME_UNITS[language];
  const [value, unit] =
    seconds >= 3600 && seconds % 3600 === 0
      ? [seconds / 3600, units.hour]
      : seconds >= 60
        ? [Math.ceil(seconds / 60), units.minute]
        : [seconds, units.second];
  return `${value} ${value === 1 ? unit[0] : unit[1]}`;
}

/** The reset e-mail of an address, when it has an account: a fresh single-use code (stored hashed) and its link. */
export async function sendResetMail(
  { repos: { users }, config, mailer }: Pick<Services, 'repos' | 'config' | 'mailer'>,
  email: string,
): Promise<void> {
  const user = await users.findByEmail(email);
  if (!user) return;
  const code = randomBytes(32).toString('base64url');
  await users.addResetCode(
    user.id,
    sha256(code),
    new Date(Date.now() + config.resetCodeTtl * 1000),
  );
  const link = `${config.publicUrl}/change-password?code=${encodeURIComponent(code)}`;
  const lifetime = {
    fr: lifetimeText(config.resetCodeTtl, 'fr'),
    en: lifetimeText(config.resetCodeTtl, 'en'),
  };
  await mailer.send({
    to: user.email,
    subject: 'Prospecta — réinitialisation de votre mot de passe / password reset',
    text: [
      `Bonjour ${user.first_name},`,
      '',
      `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${lifetime.fr}, une seule fois)\u00a0:`,
      link,
      '',
      `To choose a new password, open this link (valid for ${lifetime.en}, once):`,
      link,
      '',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message. / If you did not ask for this, ignore this message.',
    ].join('\n'),
  });
}
