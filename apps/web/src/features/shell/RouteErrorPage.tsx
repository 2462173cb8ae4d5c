import { Component, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { Button, Notice } from '@prospecta/ui';
import {
  isChunkLoadError,
  reloadOnceForChunkError,
  shouldReloadForChunkError,
} from './chunkReload';
import { routeErrorMessages, startupMessages } from './messages';
import { StatusScreen } from './StatusScreen';
import * as styles from './notice.css';

interface RouteErrorPageProps {
  /** What the screen threw. */
  error: unknown;
  /** At the root (no shell around it): the page is the document's main landmark. */
  standalone?: boolean;
  /** Reloads the page (stories pass a spy). */
  reload?: () => void;
  /** Where the once-per-page chunk reload is remembered (stories pass their own). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * The error page of the routes: never react-router's developer screen. A screen whose code
 * could not be downloaded (a redeploy replaced it) reloads the page once by itself; any other error, or the same
 * one again, says so in the user's language with a reload button.
 */
const reloadPage = () => window.location.reload();

function RouteErrorPage({
  error,
  standalone = false,
  reload = reloadPage,
  storage,
}: RouteErrorPageProps) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const store = storage ?? window.sessionStorage;
  // Decided once, without side effects: React may render a boundary's fallback and throw that render away (it retries
  // a failed render once). The reload itself happens after the commit, once (a second run finds it recorded).
  const [reloading] = useState(() => shouldReloadForChunkError(error, store, pathname));
  useEffect(() => {
    if (reloading) reloadOnceForChunkError(error, store, reload, pathname);
  }, [reloading, error, store, reload, pathname]);
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (reloading) return <StatusScreen label={intl.formatMessage(routeErrorMessages.reloading)} />;
  const newVersion = isChunkLoadError(error);
  const Landmark = standalone ? 'main' : 'section';
  return (
    <Landmark
      className={standalone ? styles.page : styles.inShell}
      aria-labelledby="route-error-title"
      data-testid="route-error"
    >
      <Notice
        role="alert"
        titleId="route-error-title"
        title={intl.formatMessage(
          newVersion ? routeErrorMessages.newVersionTitle : routeErrorMessages.title,
        )}
        description={intl.formatMessage(
          newVersion ? routeErrorMessages.newVersionBody : routeErrorMessages.body,
        )}
      >
        <Button onClick={reload}>{intl.formatMessage(startupMessages.reload)}</Button>
      </Notice>
    </Landmark>
  );
}

export interface RouteErrorBoundaryProps extends Omit<RouteErrorPageProps, 'error'> {
  /** What it guards: by default the matched child route. */
  children?: ReactNode;
}

/**
 * A route that catches what its screens throw while rendering (or their code failing to download) and shows
 * RouteErrorPage in their place. Going to another address tries again, as a new screen.
 */
export function RouteErrorBoundary({ children = <Outlet />, ...page }: RouteErrorBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <ErrorCatcher
      pathname={pathname}
      fallback={(error) => <RouteErrorPage error={error} {...page} />}
    >
      {children}
    </ErrorCatcher>
  );
}

interface ErrorCatcherProps {
  pathname: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

type ErrorCatcherState = { pathname: string } & (
  { failed: false } | { failed: true; error: unknown }
);

class ErrorCatcher extends Component<ErrorCatcherProps, ErrorCatcherState> {
  override state: ErrorCatcherState = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorCatcherState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: ErrorCatcherProps,
    state: ErrorCatcherState,
  ): ErrorCatcherState | null {
    // A new address: the failed screen is gone, render what it shows.
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
