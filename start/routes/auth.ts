/* Routes of the auth area. */
import router from '@adonisjs/core/services/router'

void router
