/** The app re-exports fw's types under other names. */
import type { UploadedFiles } from 'fw/core';

export type { Values as Query } from 'fw/query';
export type Files = UploadedFiles;
