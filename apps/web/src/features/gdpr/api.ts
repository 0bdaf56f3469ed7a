import { useMutation } from '@tanstack/react-query';
import { errorBody } from '@odonto/domain/contracts/errors';
import { GDPR_MESSAGES } from '@odonto/domain/contracts/gdpr';
import { ApiError, NETWORK_ERROR_MESSAGE, segment } from '../../lib/http';

/** How much of the archive has arrived: bytes so far and the total when the server sent one. */
export interface ExportProgress {
  received: number;
  total: number | null;
}

export interface PatientExport {
  blob: Blob;
  fileName: string;
}

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'date-pacient.zip';
}

async function errorOf(response: Response): Promise<ApiError> {
  const parsed = errorBody.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, 'http_error', GDPR_MESSAGES.failed);
}

/**
 * GET /api/pacienti/{id}/export-gdpr: the patient's ZIP, read chunk by chunk so the screen can show how
 * much has arrived (the server builds it while sending it, so there is no total to show beforehand).
 */
export async function downloadPatientExport(
  patientId: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<PatientExport> {
  let response: Response;
  try {
    response = await fetch(`/api/pacienti/${segment(patientId)}/export-gdpr`, {
      headers: { 'X-Requested-With': 'odonto' },
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await errorOf(response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress({ received, total });
      }
    } catch {
      throw new ApiError(0, 'network', GDPR_MESSAGES.failed);
    }
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), fileName: fileNameOf(response) };
}

/** Saves a downloaded file through the browser's download (an object URL on a temporary link). */
export function saveFile({ blob, fileName }: PatientExport): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a patient's GDPR export, reporting progress, and saves it. */
export function usePatientExport(onProgress: (progress: ExportProgress) => void) {
  return useMutation({
    mutationFn: (patientId: string) => downloadPatientExport(patientId, onProgress),
    onSuccess: saveFile,
    // The button shows the progress itself; a full-screen overlay would hide it.
    meta: { isSilent: true },
  });
}
