import { describe, expect, it } from 'vitest';
import { coreCourseGetCourses, coreCourseSearchCourses } from '../../../api/course';
import { coreGetStrings } from '../../../api/core';
import { summariseSchema } from './schemaSummary';

describe('summariseSchema', () => {
  it('lists arguments with their Moodle-style types, defaults and whether they are required', () => {
    const lines = summariseSchema(coreCourseSearchCourses.args, 'input');
    expect(lines.find((l) => l.name === 'criterianame')).toMatchObject({ type: '"search" | "modulelist" | "blocklist" | "tagid"', required: true });
    expect(lines.find((l) => l.name === 'page')).toMatchObject({ type: 'int', required: false });
    expect(lines.find((l) => l.name === 'requiredcapabilities')).toMatchObject({ type: 'list of string', defaultValue: '[]' });
  });

  it('nests the fields of objects inside lists one level deeper', () => {
    const lines = summariseSchema(coreGetStrings.args, 'input');
    expect(lines[0]).toMatchObject({ name: 'strings', depth: 0, type: 'list of object' });
    expect(lines.find((l) => l.name === 'stringid')).toMatchObject({ depth: 1, required: true });
  });

  it('describes an answer that is a list of objects', () => {
    const lines = summariseSchema(coreCourseGetCourses.returns, 'output');
    expect(lines[0]).toMatchObject({ depth: 0, type: 'list of object' });
    expect(lines.find((l) => l.name === 'idnumber')).toMatchObject({ depth: 1, required: false });
    expect(lines.find((l) => l.name === 'fullname')).toMatchObject({ depth: 1, required: true });
  });
});
