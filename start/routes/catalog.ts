/* Routes of the catalog area. */
import router from '@adonisjs/core/services/router'

void router
