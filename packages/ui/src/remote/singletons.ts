/**
 * The shared singletons as one server build sees them. Every server build (the shell's and each
 * remote's) exports this map; the server compares each remote's with the shell's by identity and
 * renders a remote whose build carries its own copy in the browser instead: a bundled second React
 * would fail quietly (hooks, context, the query cache), never loudly.
 */
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as reactQuery from '@tanstack/react-query';
import * as zustand from 'zustand';
import * as toast from '@agency/ui/toast';
import * as remoteModule from '@agency/ui/remote-module';
import * as router from '@agency/ui/router';

export const sharedSingletons: Record<string, object> = {
  react,
  'react-dom': reactDom,
  '@tanstack/react-query': reactQuery,
  zustand,
  '@agency/ui/toast': toast,
  '@agency/ui/remote-module': remoteModule,
  '@agency/ui/router': router,
};
