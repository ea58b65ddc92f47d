import { describe, expect, it } from 'vitest';
import { analyzeCase, caseFile, handlerOf } from './support.js';

const CASE = 'import-styles';
const analysis = analyzeCase(CASE);

describe('analyzer: fw symbols are found by resolution, whatever they are called', () => {
  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('reads a namespace import (@fw.Controller, @fw.Post) and a renamed one (Get as Fetch)', () => {
    const [controller] = analysis.model.controllers;
    expect(controller?.name).toBe('SearchController');
    expect(controller?.handlers.map((h) => `${h.method} ${h.path}`)).toEqual([
      'GET /search',
      'POST /search/:id',
    ]);
  });

  it('reads a renamed @UseInterceptors', () => {
    expect(analysis.model.controllers[0]?.interceptors).toEqual([
      { from: 'file', module: caseFile(CASE, 'audit.ts'), name: 'Audit' },
    ]);
  });

  it('knows Values renamed, through a namespace, re-exported by the app, and behind an alias', () => {
    const params = handlerOf(analysis, 'SearchController', 'search').params;
    expect(params).toEqual([
      { index: 0, name: 'a', type: 'fw/query#Values', optional: false },
      { index: 1, name: 'b', type: 'fw/query#Values', optional: false },
      { index: 2, name: 'c', type: 'fw/query#Values', optional: false },
      { index: 3, name: 'd', type: 'fw/query#Values', optional: false },
      { index: 4, name: 'e', type: 'fw/query#Values', optional: true },
    ]);
  });

  it('knows UploadedFiles behind an app alias and a namespace-qualified ControllerContext', () => {
    const params = handlerOf(analysis, 'SearchController', 'rerun').params;
    expect(params).toEqual([
      { index: 0, name: 'id', type: 'number', optional: false, pathKey: 'id' },
      { index: 1, name: 'files', type: 'fw/core#UploadedFiles', optional: false },
      { index: 2, name: 'ctx', type: 'fw/core#ControllerContext', optional: false },
    ]);
  });

  it('needs no named types for fw types', () => {
    expect(analysis.model.types).toEqual([]);
  });
});
