import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrors } from './api-client';

describe('fieldErrors', () => {
  it('reads the field messages of a refused write (400 and 409)', () => {
    const body = JSON.stringify({
      message: 'Invalid',
      code: 'VALIDATION_ERROR',
      fields: { email: 'Bad', n: 3 },
    });
    expect(fieldErrors(new ApiError(400, body, 'x'))).toEqual({ email: 'Bad' });
    expect(fieldErrors(new ApiError(409, JSON.stringify({ fields: { slug: 'Taken' } }), 'x'))).toEqual({
      slug: 'Taken',
    });
  });

  it('has none for other statuses, bodies that are not JSON, and errors that are not API errors', () => {
    expect(fieldErrors(new ApiError(500, JSON.stringify({ fields: { email: 'Bad' } }), 'x'))).toEqual({});
    expect(fieldErrors(new ApiError(400, '<html>', 'x'))).toEqual({});
    expect(fieldErrors(new Error('network'))).toEqual({});
  });
});
