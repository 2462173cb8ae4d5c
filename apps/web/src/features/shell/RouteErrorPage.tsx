import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useRouteError } from 'react-router';
import { Button, Notice } from '@prospecta/ui';
import { isChunkLoadError, reloadOnceForChunkError } from './chunkReload';
import { routeErrorMessages, startupMessages } from './messages';
import { StatusScreen } from './StatusScreen';
import * as styles from './notice.css';

export interface RouteErrorPageProps {
  /** At the root (no shell around it): the page is the document's main landmark. */
  standalone?: boolean;
  /** Reloads the page (stories pass a spy). */
  reload?: () => void;
  /** Where the once-per-page chunk reload is remembered (stories pass their own). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * The error element of the routes (issue 17, item 15): never react-router's developer screen. A screen whose code
 * could not be downloaded (a redeploy replaced it) reloads the page once by itself; any other error, or the same
 * one again, says so in the user's language with a reload button.
 */
export function RouteErrorPage({ standalone = false, reload = () => window.location.reload(), storage }: RouteErrorPageProps) {
  const error = useRouteError();
  const intl = useIntl();
  const { pathname } = useLocation();
  const [reloading] = useState(() => reloadOnceForChunkError(error, storage ?? window.sessionStorage, reload, pathname));
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (reloading) return <StatusScreen label={intl.formatMessage(routeErrorMessages.reloading)} />;
  const newVersion = isChunkLoadError(error);
  const Landmark = standalone ? 'main' : 'section';
  return (
    <Landmark className={standalone ? styles.page : styles.inShell} aria-labelledby="route-error-title" data-testid="route-error">
      <Notice
        role="alert"
        titleId="route-error-title"
        title={intl.formatMessage(newVersion ? routeErrorMessages.newVersionTitle : routeErrorMessages.title)}
        description={intl.formatMessage(newVersion ? routeErrorMessages.newVersionBody : routeErrorMessages.body)}
      >
        <Button onClick={reload}>{intl.formatMessage(startupMessages.reload)}</Button>
      </Notice>
    </Landmark>
  );
}
