import { parentPort, workerData } from 'node:worker_threads';
import { readSheetRows } from './excel-read';

/**
 * Worker thread of an Excel import (started by core/excel.ts, one per parse): reads the rows of one sheet
 * off the API's event loop and posts the result back.
 */
const { buffer, sheetName, maxRows } = workerData as {
  buffer: Uint8Array;
  sheetName: string;
  maxRows: number;
};
const result = await readSheetRows(buffer, sheetName, maxRows);
parentPort?.postMessage(result);
