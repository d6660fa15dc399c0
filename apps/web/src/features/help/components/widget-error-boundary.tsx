import { Component, type ReactNode } from 'react';
import { LoadState } from './help-parts';

interface State {
  failed: boolean;
}

/**
 * Keeps a failure inside the widget (a form chunk that did not load, an answer of an unexpected
 * shape) from taking the checkout down with it: the panel shows failtoload with Retry instead.
 */
export class WidgetErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="px-4 py-6">
        <LoadState isPending={false} isError onRetry={() => this.setState({ failed: false })}>
          {null}
        </LoadState>
      </div>
    );
  }
}
