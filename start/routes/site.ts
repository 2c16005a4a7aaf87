/* Routes of the site area. */
import router from '@adonisjs/core/services/router'

void router
