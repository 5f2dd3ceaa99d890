/** The shell of the screens: navigation (Alt+1 counter, Alt+2 documents), language switch, offline banner. */
import { useEffect, useState } from 'react';
import { useLanguage, useT } from './i18n/store.ts';
import { ConnectivityBanner } from './connectivity/Banner.tsx';
import { CounterScreen } from './counter/CounterScreen.tsx';
import { DocumentsScreen } from './documents/DocumentsScreen.tsx';

type Screen = 'counter' | 'documents';

export function App() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const [screen, setScreen] = useState<Screen>('counter');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey) return;
      if (e.key === '1') setScreen('counter');
      else if (e.key === '2') setScreen('documents');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="app">
      <nav className="topbar">
        <strong>{t('app.title')}</strong>
        <button type="button" className={screen === 'counter' ? 'active' : ''} onClick={() => setScreen('counter')}>{t('nav.counter')}</button>
        <button type="button" className={screen === 'documents' ? 'active' : ''} onClick={() => setScreen('documents')}>{t('nav.documents')}</button>
        <span className="spacer" />
        <button type="button" onClick={() => setLanguage(language === 'es' ? 'en' : 'es')}>{t('lang.switch')}</button>
      </nav>
      <ConnectivityBanner />
      <main>{screen === 'counter' ? <CounterScreen /> : <DocumentsScreen />}</main>
    </div>
  );
}
