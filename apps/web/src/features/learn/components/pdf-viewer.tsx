import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** pdf.js and its worker, loaded the first time a document is shown (they are large). */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** A PDF in the browser, one page at a time, as wide as the screen (a phone's 375 px too). */
export function PdfViewer({ url, title }: { url: string; title: string }): ReactNode {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    loadPdfJs()
      .then((pdfjs) => {
        if (cancelled) return null;
        const task = pdfjs.getDocument({ url });
        destroy = () => task.destroy();
        return task.promise;
      })
      .then((pdf) => {
        if (pdf && !cancelled) setDoc(pdf);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url]);

  useEffect(() => {
    if (!doc) return;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void doc.getPage(pageNumber).then((page) => {
      const canvas = canvasRef.current;
      const box = boxRef.current;
      if (cancelled || !canvas || !box) return;
      const width = box.clientWidth || 360;
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = page.render({ canvas, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber]);

  if (failed) return <p role="alert">文档加载失败，请稍后重试，或下载后查看。</p>;
  return (
    <div>
      <div ref={boxRef} className="kp-learn-pdf">
        {doc ? null : <Spin style={{ display: 'block', padding: 40 }} />}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${title} 第 ${pageNumber} 页`}
          data-testid="pdf-page"
        />
      </div>
      {doc ? (
        <nav className="kp-learn-pdf__nav" aria-label="文档翻页">
          <Button
            icon={<LeftOutlined />}
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((n) => n - 1)}
            aria-label="上一页"
          />
          <span aria-live="polite">
            {pageNumber} / {doc.numPages}
          </span>
          <Button
            icon={<RightOutlined />}
            disabled={pageNumber >= doc.numPages}
            onClick={() => setPageNumber((n) => n + 1)}
            aria-label="下一页"
          />
        </nav>
      ) : null}
    </div>
  );
}
