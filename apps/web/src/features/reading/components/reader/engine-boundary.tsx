import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onError: (error: Error) => void;
}

/** An engine that throws while drawing, or whose chunk will not load, becomes the reader's error state. */
export class EngineBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error : new Error(String(error)));
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
