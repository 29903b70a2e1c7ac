import {
  Component,
  Suspense,
  use,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Button } from 'antd';
import { StatusResult } from './status-result';
import { CHUNK_LOAD_TIMEOUT_MS } from '@kaopei/shared';
import { PageLoading } from './page-states';

/**
 * Lazily loaded route pages (spec §8: a failed code-chunk load is reported, with a 120 s timeout).
 * Unlike React.lazy and the router's `lazy`, a failed load is not cached for ever: the retry button
 * loads the chunk again.
 */

export { CHUNK_LOAD_TIMEOUT_MS };

export class ChunkLoadError extends Error {
  readonly timedOut: boolean;

  constructor(message: string, timedOut: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

/** Rejects with a ChunkLoadError when the import fails or has not settled within `timeoutMs`. */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`页面加载超时（超过 ${Math.round(timeoutMs / 1000)} 秒）`, true));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('页面资源加载失败', false, { cause: error }));
      },
    );
  });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Shows load failures (and render errors of the page) with a retry button instead of a blank screen. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunk = error instanceof ChunkLoadError;
    const subTitle = isChunk
      ? error.timedOut
        ? '页面加载时间过长，请检查网络连接后重试。'
        : '页面资源加载失败，可能是网络异常或系统刚刚更新，请重试。'
      : '页面出现了意外错误，请重试；若问题持续，请联系管理员。';
    return (
      <StatusResult
        status="warning"
        title={isChunk ? (error.timedOut ? '页面加载超时' : '页面加载失败') : '页面出错了'}
        subTitle={subTitle}
        extra={[
          <Button key="retry" type="primary" onClick={this.retry}>
            重试
          </Button>,
          <Button key="reload" onClick={() => window.location.reload()}>
            刷新页面
          </Button>,
        ]}
      />
    );
  }
}

type PageModule = { default: ComponentType };

/** A route component that loads its page module on first render. */
export function lazyPage(factory: () => Promise<PageModule>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS) {
  let attempt: Promise<PageModule> | null = null;
  let loaded: ComponentType | null = null;

  const load = (): Promise<PageModule> => {
    attempt ??= loadWithTimeout(factory, timeoutMs).then((module) => {
      loaded = module.default;
      return module;
    });
    return attempt;
  };

  function Loader(): ReactNode {
    // Always call use(): the settled promise is cached, so once loaded this returns synchronously.
    const Page = use(load()).default;
    return <Page />;
  }

  function LazyRoutePage(): ReactNode {
    // Bumping the key remounts the subtree so a new attempt starts from a clean state.
    const [generation, setGeneration] = useState(0);
    const retry = () => {
      if (!loaded) attempt = null;
      setGeneration((value) => value + 1);
    };
    return (
      <PageErrorBoundary key={generation} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Loader />
        </Suspense>
      </PageErrorBoundary>
    );
  }

  /** Starts the download ahead of navigation (e.g. on menu hover). */
  LazyRoutePage.preload = () => {
    void load().catch(() => undefined);
  };
  return LazyRoutePage;
}
