import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { title: string; children: ReactNode };
type State = { error: Error | null };

/**
 * A screen that throws while drawing shows what happened and a way back, instead of leaving the
 * whole window blank. Resets when the user tries again or goes to another screen (new key).
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(this.props.title, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="feedback feedback-error" role="alert">
        <p className="feedback-title">{this.props.title}</p>
        <p>
          Nothing you saved is lost. Try again; if it keeps happening, restart Postdeck. (
          {error.message.slice(0, 200)})
        </p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
