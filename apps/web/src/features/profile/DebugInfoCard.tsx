import { useMemo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Copy } from 'lucide-react';
import { Button, Card, toast } from '@prospecta/ui';
import { useUserAgent } from '../../core/runtimeEnvironment';
import { debugInfoFrom, type DeviceType } from './debugInfo';
import { messages } from './messages';
import * as styles from './profile.css';

const deviceLabel: Record<DeviceType, MessageDescriptor> = {
  desktop: messages.deviceDesktop,
  mobile: messages.deviceMobile,
  tablet: messages.deviceTablet,
  other: messages.deviceOther,
};

export interface DebugInfoCardProps {
  /** Default: the browser's user agent (navigator.userAgent). */
  userAgent?: string;
  /** Default: navigator.clipboard.writeText. */
  writeText?: (text: string) => Promise<void>;
}

async function writeToClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard)
    throw new Error('Clipboard API unavailable');
  await navigator.clipboard.writeText(text);
}

/** §2: the copyable debug line (browser, operating system, device type, app version 2.3.5). */
export function DebugInfoCard({ userAgent, writeText = writeToClipboard }: DebugInfoCardProps) {
  const intl = useIntl();
  const browserUserAgent = useUserAgent();
  const info = useMemo(
    () => debugInfoFrom(userAgent ?? browserUserAgent),
    [userAgent, browserUserAgent],
  );
  const line = intl.formatMessage(messages.debugLine, {
    browser: info.browser,
    os: info.os,
    device: intl.formatMessage(deviceLabel[info.device]),
    version: info.appVersion,
  });
  const copy = async () => {
    try {
      await writeText(line);
      toast.success(intl.formatMessage(messages.copySuccess));
    } catch {
      toast.error(intl.formatMessage(messages.copyError));
    }
  };
  return (
    <Card
      title={intl.formatMessage(messages.debugTitle)}
      description={intl.formatMessage(messages.debugHint)}
    >
      <div className={styles.debugRow}>
        <p className={styles.debugLine} data-testid="debug-line">
          {line}
        </p>
        <Button variant="secondary" icon={<Copy size={16} aria-hidden="true" />} onClick={copy}>
          {intl.formatMessage(messages.copy)}
        </Button>
      </div>
    </Card>
  );
}
