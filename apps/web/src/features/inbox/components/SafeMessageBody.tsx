import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@prospecta/ui';
import { safeBody } from '../model/safeBody';
import { messages } from '../messages';
import * as styles from './Inbox.css';

/**
 * A message body, sanitised (see model/safeBody): never the raw HTML. Remote images stay unloaded until the reader
 * clicks 'Show the images'.
 */
export function SafeMessageBody({ content }: { content: string }) {
  const intl = useIntl();
  const [allowImages, setAllowImages] = useState(false);
  const body = useMemo(() => safeBody(content, { allowImages }), [content, allowImages]);
  return (
    <>
      {body.blockedImages > 0 && (
        <div className={styles.imageNotice} data-testid="images-blocked">
          <span>{intl.formatMessage(messages.imagesBlocked, { count: body.blockedImages })}</span>
          <Button size="small" variant="secondary" onClick={() => setAllowImages(true)}>
            {intl.formatMessage(messages.showImages)}
          </Button>
        </div>
      )}
      {/* Sanitised by DOMPurify in safeBody (allow-list, links and images rewritten): never the raw content. */}
      <div
        className={styles.body}
        data-testid="message-body"
        dangerouslySetInnerHTML={{ __html: body.html }}
      />
    </>
  );
}
