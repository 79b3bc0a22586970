import { ComposerHost } from '../composer/ComposerHost.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { BrandChoiceScreen } from '../onboarding/BrandChoiceScreen.js';
import { WelcomeScreen } from '../onboarding/WelcomeScreen.js';
import { AppShell } from './AppShell.js';
import { ErrorState, Loading } from '../ui/feedback.js';
import { RecoveryNotice } from './RecoveryNotice.js';
import { useServerEvents } from './server-events.js';
import { useUi } from '../ui/ui-store.js';

/** The first screen, and above it the sentence saying why the window was just reloaded, if it was. */
export function App() {
  return (
    <>
      <RecoveryNotice />
      <FirstScreen />
    </>
  );
}

/** Chooses the first screen: welcome without a connection, brand choice right after one, else the app. */
function FirstScreen() {
  useServerEvents();
  const profiles = useIpcQuery('listProfiles', {});
  const brandChoiceFor = useUi((s) => s.brandChoiceFor);

  if (profiles.isPending) {
    return (
      <main className="page-center">
        <Loading label="Opening Postdeck…" />
      </main>
    );
  }
  if (profiles.isError) {
    return (
      <main className="page-center">
        <ErrorState
          title="Postdeck could not read your saved connections"
          error={profiles.error}
          onRetry={() => void profiles.refetch()}
        />
      </main>
    );
  }
  const active = profiles.data.find((p) => p.active);
  if (brandChoiceFor && active?.id === brandChoiceFor) return <BrandChoiceScreen profile={active} />;
  if (!active) return <WelcomeScreen />;
  return (
    <>
      <AppShell profile={active} />
      <ComposerHost />
    </>
  );
}
