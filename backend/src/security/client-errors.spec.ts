import { t } from '@ordering/common';
import { clientErrorAnswer } from './client-errors.js';

describe(clientErrorAnswer.name, () => {
  it('names an oversized header block 431 in German', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toEqual({
      status: 431,
      code: 'headers_too_large',
      message: t('http.headersTooLarge'),
    });
  });

  it('answers a timeout 408 and anything else the parser refused 400', () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT').status).toBe(408);
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toMatchObject({
      status: 400,
      message: t('http.badRequest'),
    });
    expect(clientErrorAnswer(undefined).status).toBe(400);
  });
});
