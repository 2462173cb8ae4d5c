import { Outlet } from 'react-router';
import { paths } from '../../core/paths';
import { LanguageMenu, Logo } from '../frame';
import * as styles from './shell.css';

/** /onboarding (§2): its own minimal layout with a logo. */
export function OnboardingLayout() {
  return (
    <div className={styles.minimalLayout}>
      <header className={styles.minimalHeader}>
        <Logo to={paths.home} />
        <span className={styles.spacer} />
        <LanguageMenu />
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
