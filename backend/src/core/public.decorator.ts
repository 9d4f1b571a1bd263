import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'ordering:public';

/** The route needs no sign-in. Every public route carries this, so they can be listed in one place. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
